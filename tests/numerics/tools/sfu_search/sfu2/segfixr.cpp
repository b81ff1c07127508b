#include "seqfit.hpp"
#include <string>
int main(int argc,char**argv){
  auto rows=load_nn(); int N=rows.size(); FitCache fc; Hyp hr{7,0,26,16,10,1,2}, hs{7,0,26,16,10,1,2}; Det d0;
  auto& FR=fc.get(0,7,0,Rf,Rd1,Rd2,1,1);
  Tab R=mktab(hr,FR,1); Tab Sl=mktab(hs,fc.get(1,7,0,Sf,Sd1,Sd2,1,1),1), Sh=mktab(hs,fc.get(1,7,0,Sf,Sd1,Sd2,2,2),2);
  std::vector<std::vector<int>> seg(128); std::vector<uint32_t> QQ(N);
  for(int t=0;t<N;++t){QQ[t]=rsq_d(Sl,Sh,d0,svar(rows[t],0,4)); seg[(QQ[t]&0x7fffff)>>16].push_back(t);}
  int tot=0,totfix=0;
  for(int sg=0;sg<128;++sg){ if(seg[sg].empty()) continue;
    auto cnt=[&](){int c=0; for(int t:seg[sg]) c+= rcp_d(R,d0,QQ[t])==rows[t].g; return c;};
    int base=cnt(); tot+=base; if(base==(int)seg[sg].size()){totfix+=base; continue;}
    int64_t o0=R.c0[sg],o1=R.c1[sg],o2=R.c2[sg]; int best=base; std::string sol;
    for(int a=-8;a<=8;++a) for(int b=-2;b<=2;++b) for(int c=-3;c<=3;++c){R.c0[sg]=o0+a;R.c1[sg]=o1+b;R.c2[sg]=o2+c; int k=cnt(); best=std::max(best,k); if(k==(int)seg[sg].size()){char buf[64]; snprintf(buf,64,"(%d,%d,%d)",a,b,c); if(sol.size()<150) sol+=buf;}}
    R.c0[sg]=o0;R.c1[sg]=o1;R.c2[sg]=o2; totfix+=best;
    const ::Q& q=FR[sg]; LD f0=ldexpl(q.c0,26)-o0, f1=ldexpl(q.c1,16)-o1, f2=ldexpl(q.c2,10)-o2;
    printf("idx=%3d n=%2d ok=%2d best=%2d frac c0=%.3f c1=%.3f c2=%.3f sols:%s\n",sg,(int)seg[sg].size(),base,best,(double)f0,(double)f1,(double)f2,sol.c_str());
  } printf("tot %d fixable %d\n",tot,totfix);
}
