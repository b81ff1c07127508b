#include "interp.hpp"
#include <algorithm>
int main(int argc,char**argv){
  auto rows=load_nn(); int N=rows.size(); const int W=8;
  int NV=12; std::vector<std::vector<uint32_t>> S(NV,std::vector<uint32_t>(N));
  for(int v=0;v<NV;++v) for(int t=0;t<N;++t) S[v][t]=svar(rows[t],v/4,v%4);
  std::vector<uint32_t> q0(N); for(int t=0;t<N;++t) q0[t]=bits((float)(1/sqrtl((LD)fl(S[1][t]))));
  FitCache fc; Hyp hr{7,0,26,16,10,1,2}; Tab TR=mktab(hr,fc.get(0,7,0,Rf,Rd1,Rd2,1,1),1);
  std::vector<uint32_t> mask(N); int reach=0;
  for(int t=0;t<N;++t){uint32_t mk=0; for(int k=-W;k<=W;++k) if(rcp_i(TR,q0[t]+k)==rows[t].g) mk|=1u<<(k+W); mask[t]=mk; if(mk) reach++;}
  printf("reach within +-%d: %d\n",W,reach);
  int best=0;
  for(int m:{6,7,8}) for(int meth:{0,1,2}) { auto& F1=fc.get(1,m,meth,Sf,Sd1,Sd2,1,1); auto& F2=fc.get(1,m,meth,Sf,Sd1,Sd2,2,2);
   for(int k0=24;k0<=30;++k0) for(int k1=14;k1<=22;++k1) for(int k2=8;k2<=16;++k2) for(int qm=0;qm<4;++qm) for(int om=0;om<4;++om){
    Hyp h{m,meth,k0,k1,k2,qm,om}; Tab Tl=mktab(h,F1,1), Th=mktab(h,F2,2);
    for(int v=0;v<NV;++v){ int sc=0; for(int t=0;t<N;++t){int d=(int)rsq_i(Tl,Th,S[v][t])-(int)q0[t]; if(d>=-W&&d<=W) sc+=(mask[t]>>(d+W))&1;}
        if(sc>=best){best=sc; printf("%d v=%d RSQ m=%d meth=%d k=%d/%d/%d qm=%d om=%d\n",sc,v,h.m,h.meth,h.k0,h.k1,h.k2,h.qm,h.om); fflush(stdout);} }
    } }
}
