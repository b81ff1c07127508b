#include "interp.hpp"
#include <algorithm>
#include <string>
int main(int argc,char**argv){
  auto rows=load_nn(); int N=rows.size(); const int W=6;
  // s variants
  int NV=12; std::vector<std::vector<uint32_t>> S(NV,std::vector<uint32_t>(N));
  for(int v=0;v<NV;++v) for(int t=0;t<N;++t) S[v][t]=svar(rows[t],v/4,v%4);
  std::vector<uint32_t> q0(N); for(int t=0;t<N;++t) q0[t]=bits((float)(1/sqrtl((LD)fl(S[1][t]))));
  FitCache fc;
  // RCP hyps
  struct RS{Hyp h; int sc; std::vector<uint16_t> mask;}; std::vector<RS> rc;
  for(int m:{6,7,8}) for(int meth:{0,1}) { auto& F=fc.get(0,m,meth,Rf,Rd1,Rd2,1,1);
   for(int k0=25;k0<=28;++k0) for(int k1=14;k1<=19;++k1) for(int k2=8;k2<=13;++k2) for(int qm=0;qm<3;++qm) for(int om=0;om<3;++om){
    Hyp h{m,meth,k0,k1,k2,qm,om}; Tab T=mktab(h,F,1); RS r{h,0,std::vector<uint16_t>(N)};
    for(int t=0;t<N;++t){uint16_t mk=0; for(int k=-W;k<=W;++k) if(rcp_i(T,q0[t]+k)==rows[t].g) mk|=1<<(k+W); r.mask[t]=mk; if(mk&(0x7f<<(W-3))) r.sc++;}
    rc.push_back(std::move(r)); } }
  std::sort(rc.begin(),rc.end(),[](auto&a,auto&b){return a.sc>b.sc;});
  for(int i=0;i<10;++i){auto&h=rc[i].h; printf("RCP reach %d: m=%d meth=%d k0=%d k1=%d k2=%d qm=%d om=%d\n",rc[i].sc,h.m,h.meth,h.k0,h.k1,h.k2,h.qm,h.om);} fflush(stdout);
  int TOP=argc>1?atoi(argv[1]):60; rc.resize(TOP);
  // RSQ hyps
  int best=0;
  for(int m:{5,6,7}) for(int meth:{0,1}) { auto& F1=fc.get(1,m,meth,Sf,Sd1,Sd2,1,1); auto& F2=fc.get(1,m,meth,Sf,Sd1,Sd2,2,2);
   for(int k0=25;k0<=28;++k0) for(int k1=14;k1<=20;++k1) for(int k2=8;k2<=14;++k2) for(int qm=0;qm<3;++qm) for(int om=0;om<3;++om){
    Hyp h{m,meth,k0,k1,k2,qm,om}; Tab Tl=mktab(h,F1,1), Th=mktab(h,F2,2);
    for(int v=0;v<NV;++v){ std::vector<int8_t> off(N); for(int t=0;t<N;++t){int d=(int)rsq_i(Tl,Th,S[v][t])-(int)q0[t]; off[t]= (d<-W||d>W)? 99 : d+W;}
      for(auto& r:rc){int sc=0; for(int t=0;t<N;++t) if(off[t]!=99) sc+=(r.mask[t]>>off[t])&1;
        if(sc>best || sc>=1000){best=std::max(best,sc); auto&a=r.h; printf("%d v=%d RCP m=%d meth=%d k=%d/%d/%d qm=%d om=%d | RSQ m=%d meth=%d k=%d/%d/%d qm=%d om=%d\n",sc,v,a.m,a.meth,a.k0,a.k1,a.k2,a.qm,a.om,h.m,h.meth,h.k0,h.k1,h.k2,h.qm,h.om); fflush(stdout);} }
    } } }
}
